import { Flex, Text } from '@aws-amplify/ui-react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MasterDetail } from '../../../ui/master-detail.tsx';
import { useIsNarrow } from '../../../ui/use-narrow.ts';
import { guideSections, selectedSection } from '../utils/help-content.ts';
import '../help.css';

const SECTION_PARAM = 'section';

/** /help/user-guide: the sections as a list with the chosen one beside it (an overlay when narrow). */
export function UserGuideRoute() {
  const { t } = useTranslation('help');
  const narrow = useIsNarrow();
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const sections = guideSections(t);
  const selected = selectedSection(sections, search.get(SECTION_PARAM), narrow);

  const linkTo = (id: string) => {
    const next = new URLSearchParams(search);
    next.set(SECTION_PARAM, id);
    return { pathname, search: `?${next.toString()}` };
  };
  const closeDetail = () => {
    const next = new URLSearchParams(search);
    next.delete(SECTION_PARAM);
    void navigate({ pathname, search: next.toString() ? `?${next.toString()}` : '' });
  };

  const master = (
    <nav aria-label={t('userGuide.listLabel')}>
      <ul className="guide-list link-list">
        {sections.map((section) => (
          <li key={section.id}>
            <Link
              to={linkTo(section.id)}
              className={section.id === selected?.id ? 'guide-list__link active' : 'guide-list__link'}
              aria-current={section.id === selected?.id ? 'true' : undefined}
            >
              {section.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
  const detail = selected ? (
    <article className="guide-section">
      <h3>{selected.title}</h3>
      {selected.body.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </article>
  ) : null;

  return (
    <Flex direction="column" gap="medium">
      <Text>{t('userGuide.intro')}</Text>
      <MasterDetail master={master} detail={detail} detailLabel={selected?.title ?? t('tabs.userGuide')} onCloseDetail={closeDetail} />
    </Flex>
  );
}

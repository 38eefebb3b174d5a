import { object, string, type InferType } from 'yup';

/** Sign-in form (spec 001 §5): email valid and required, password required. */
export const signInSchema = object({
  email: string().trim().email('Invalid email address').required('Email is required'),
  password: string().required('Password is required'),
});
export type SignInInput = InferType<typeof signInSchema>;

// Typed calls of the public site (spec 000 §7): newsletter, contact, IP and country lookups.
import type { CountryNameResponse, MessageResponse } from '../../contract/site';
import { api } from './client';

export type { MessageResponse };

/** 201 for a new address; 200 with a message when already subscribed. */
export function subscribeNewsletter(email: string) {
  return api.post<MessageResponse>('/news_letter/', { email });
}

export interface ContactInput {
  name: string;
  email: string;
  message: string;
}

export function sendContactMessage(input: ContactInput) {
  return api.post<MessageResponse>('/contact-us/', input);
}

export async function findIpAddress(): Promise<string> {
  const { data } = await api.get<{ ip: string }>('/find_ip_add/');
  return data.ip;
}

export async function countryForIp(ip: string): Promise<CountryNameResponse> {
  const { data } = await api.post<CountryNameResponse>('/get_country_name/', { ip_address: ip });
  return data;
}

export interface CountryOption {
  code: string;
  name: string;
}

/** The spec's `/get_contry_code` map of code -> name, as a list sorted by name. */
export async function countryList(): Promise<CountryOption[]> {
  const { data } = await api.get<Record<string, string>>('/get_contry_code');
  return Object.entries(data)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
